/**
 * The widths a photo can be asked for (GET …/uploads/{id}?width=, ADR 037): list thumbnails (160, 320)
 * up to a phone-sized page (1200). Kept apart from the resizing code so pages can import it.
 */
export const RENDITION_WIDTHS = [160, 320, 640, 960, 1200] as const
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number]
