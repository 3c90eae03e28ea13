import QRCode from 'qrcode'

/**
 * A QR code as an SVG document, drawn on the server so no JavaScript is needed to show it: dark
 * modules on a white square with the standard quiet zone, so a tablet's camera reads it in either
 * theme. Presentation attributes only (no `style`), so it renders under the pages' CSP.
 */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } })
}
