/** The box a server-drawn chart plots in: the SVG's size and the padding kept for the axis labels. */
export interface ChartBox {
  width: number
  height: number
  pad: { left: number; right: number; top: number; bottom: number }
}

/**
 * The axes every server-drawn chart shares (temperature units, venue compliance): the two axis lines,
 * the value at the top and at the bottom of the scale, and the first and last day under the plot. Both
 * lines are one path, and the labels take their size, colour and alignment from groups: a page draws a
 * chart per unit, and every element and attribute is work on each request.
 */
export function ChartAxes({ box, top, bottom, first, last }: { box: ChartBox; top: string; bottom: string; first: string; last: string }) {
  const { width: W, height: H, pad } = box
  return (
    <>
      <path d={`M${pad.left} ${pad.top}V${H - pad.bottom}H${W - pad.right}`} fill="none" stroke="currentColor" />
      <g fontSize="9" fill="currentColor">
        <text x={pad.left} y={H - 6}>
          {first}
        </text>
        <g textAnchor="end">
          <text x={pad.left - 4} y={pad.top + 8}>
            {top}
          </text>
          <text x={pad.left - 4} y={H - pad.bottom}>
            {bottom}
          </text>
          <text x={W - pad.right} y={H - 6}>
            {last}
          </text>
        </g>
      </g>
    </>
  )
}
