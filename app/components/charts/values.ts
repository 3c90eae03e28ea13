import { html, type Markup } from './markup'

/**
 * A chart's text alternative, shared by the server-drawn charts (ADR 078): its values in a table, in a
 * closed `<details>`. The table scrolls sideways when it does not fit (320 px): its region is focusable,
 * so the keyboard can scroll it too. The region is named by the chart's title (`titleId`) or by `title`.
 */
export function chartValues({ summary, tableId, title, titleId, rows }: { summary: string; tableId: string; title: string; titleId?: string; rows: Markup }): Markup {
  return html`
    <details>
      <summary class="min-h-11 cursor-pointer py-2 text-sm underline">${summary}</summary>
      <div class="overflow-x-auto" tabindex="0" role="region" ${titleId ? html`aria-labelledby="${titleId}"` : html`aria-label="${title}"`}>
        <table id="${tableId}" class="text-sm tabular-nums [&amp;_td]:pe-3 [&amp;_th]:pe-3 [&amp;_th]:text-start">
          <caption class="sr-only">${title}</caption>
          ${rows}
        </table>
      </div>
    </details>`
}
