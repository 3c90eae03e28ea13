import { html, type Markup } from './markup'

/** The box a server-drawn chart plots in: the SVG's size and the padding kept for the axis labels. */
export interface ChartBox {
  width: number
  height: number
  pad: { left: number; right: number; top: number; bottom: number }
}

/**
 * The axes every server-drawn chart shares (temperature units, venue compliance), as markup (ADR 078):
 * the two axis lines, the value at the top and at the bottom of the scale, and the first and last day
 * under the plot. Both lines are one path, and the labels take their size, colour and alignment from
 * groups: a page draws a chart per unit.
 */
export function chartAxes({ width: W, height: H, pad }: ChartBox, { top, bottom, first, last }: { top: string; bottom: string; first: string; last: string }): Markup {
  return html`
    <path d="M${pad.left} ${pad.top}V${H - pad.bottom}H${W - pad.right}" fill="none" stroke="currentColor"></path>
    <g font-size="9" fill="currentColor">
      <text x="${pad.left}" y="${H - 6}">${first}</text>
      <g text-anchor="end">
        <text x="${pad.left - 4}" y="${pad.top + 8}">${top}</text>
        <text x="${pad.left - 4}" y="${H - pad.bottom}">${bottom}</text>
        <text x="${W - pad.right}" y="${H - 6}">${last}</text>
      </g>
    </g>`
}

/** A coordinate with one decimal, as short as it can be written. */
export const coordinate = (n: number) => String(Math.round(n * 10) / 10)
