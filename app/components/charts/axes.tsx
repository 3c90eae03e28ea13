/** The box a server-drawn chart plots in: the SVG's size and the padding kept for the axis labels. */
export interface ChartBox {
  width: number
  height: number
  pad: { left: number; right: number; top: number; bottom: number }
}

/**
 * The axes every server-drawn chart shares (temperature units, venue compliance): the two axis lines,
 * the value at the top and at the bottom of the scale, and the first and last day under the plot.
 */
export function ChartAxes({ box, top, bottom, first, last }: { box: ChartBox; top: string; bottom: string; first: string; last: string }) {
  const { width: W, height: H, pad } = box
  return (
    <>
      <line x1={pad.left} y1={pad.top} x2={pad.left} y2={H - pad.bottom} stroke="currentColor" strokeWidth="1" />
      <line x1={pad.left} y1={H - pad.bottom} x2={W - pad.right} y2={H - pad.bottom} stroke="currentColor" strokeWidth="1" />
      <text x={pad.left - 4} y={pad.top + 8} textAnchor="end" fontSize="9" fill="currentColor">
        {top}
      </text>
      <text x={pad.left - 4} y={H - pad.bottom} textAnchor="end" fontSize="9" fill="currentColor">
        {bottom}
      </text>
      <text x={pad.left} y={H - 6} fontSize="9" fill="currentColor">
        {first}
      </text>
      <text x={W - pad.right} y={H - 6} textAnchor="end" fontSize="9" fill="currentColor">
        {last}
      </text>
    </>
  )
}
