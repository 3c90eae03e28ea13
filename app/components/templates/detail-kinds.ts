/** How each kind's template page names its parts: ids and anchors, and its items' key group in org-settings. */
export const DETAIL_LAYOUTS = {
  checklists: { one: 'checklist', itemKeys: 'checklists.items', itemPrefix: 'item-', itemsAnchor: 'items', addAnchor: 'add-item' },
  temperatures: { one: 'temperature', itemKeys: 'temperatures.units', itemPrefix: 'unit-', itemsAnchor: 'units', addAnchor: 'add-unit' },
} as const

export type DetailKindName = keyof typeof DETAIL_LAYOUTS
