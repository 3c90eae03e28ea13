import { numberFormat } from '../../../server/numbers'

/** An order as the API describes it (server/orders/service.ts). */
export interface OrderLine {
  id: string
  productId: string | null
  name: string
  code: string
  quantity: number
  unit: string
  unitPrice: number | null
  lineTotal: number | null
  note: string
  receivedQuantity: number | null
  receivedIssue: 'short' | 'damaged' | 'wrong_item' | 'too_warm' | null
  receivedNote: string
  shortfall: boolean
}

export interface Order {
  id: string
  venue: { id: string; name: string; address: string; phone: string }
  supplier: { id: string | null; name: string; email: string }
  deliveryDate: string
  status: 'draft' | 'sent' | 'confirmed' | 'received' | 'cancelled'
  notes: string
  createdBy: string
  createdAt: string
  sentAt: string | null
  sentBy: string | null
  confirmedAt: string | null
  receivedAt: string | null
  receivedBy: string | null
  deliveryTemperature: number | null
  cancelledAt: string | null
  cancelledBy: string | null
  creditRequestedAt: string | null
  supplierLinkExpiresAt: string | null
  lines: OrderLine[]
  /** The sum of the priced lines; null when none has a price. */
  total: number | null
  fullyPriced: boolean
  history: Array<{ kind: string; by: string; at: string; detail: Record<string, any> }>
}

export const ISSUES = ['short', 'damaged', 'wrong_item', 'too_warm'] as const

/** A decimal typed by a person ("2,5" or "2.5"); null when empty, NaN when not a number. */
export function typedNumber(value: FormDataEntryValue | null | undefined): number | null {
  const text = String(value ?? '').trim().replace(',', '.')
  return text === '' ? null : Number(text)
}

/** Money with two decimals as people write it in that language (no currency symbol: the venue's own). */
export function formatMoney(value: number, language: string): string {
  return numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)
}
