import type { ImgHTMLAttributes } from 'react'
import type { RenditionWidth } from '../../server/uploads/rendition-widths'

/**
 * An uploaded photo resized on the server (ADR 037): `srcset` offers the given widths and the browser
 * picks by `sizes` and the screen's density, so a phone list downloads thumbnails, not the original.
 */
export function UploadImage({
  url,
  widths,
  sizes,
  ...img
}: { url: string; widths: readonly [RenditionWidth, ...RenditionWidth[]]; sizes: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'>) {
  const at = (width: number) => `${url}?width=${width}`
  return <img {...img} src={at(widths[widths.length - 1]!)} srcSet={widths.map((w) => `${at(w)} ${w}w`).join(', ')} sizes={sizes} />
}
