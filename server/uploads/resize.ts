/**
 * Smaller copies of uploaded photos (docs/decisions/037-image-renditions-with-sharp.md): a few fixed
 * widths, WebP, turned upright by their EXIF orientation and stripped of metadata (a phone photo's
 * location stays in the original only).
 */
import sharp from 'sharp'

export { RENDITION_WIDTHS, type RenditionWidth } from './rendition-widths.ts'
export const RENDITION_TYPE = 'image/webp'

/** Larger images (about a 108-megapixel photo) are not decoded: a small file can unpack to gigabytes. */
export const MAX_INPUT_PIXELS = 120_000_000

// Each rendition is made once and stored: libvips' operation cache would only hold memory.
sharp.cache(false)

export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super('unreadable image', { cause })
  }
}

/** The image at most `width` pixels wide (never enlarged), as WebP. */
export async function resizeImage(bytes: Uint8Array, width: number): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height }
  } catch (error) {
    throw new UnreadableImageError(error)
  }
}
