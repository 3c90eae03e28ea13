import { z } from 'zod'
import { optionalText, requiredText } from '../../lib/forms.server'

/** The contact form as the browser sends it: empty fields are cleared, ticked venues are an array. */
export const contactFormSchema = z.object({
  name: requiredText(100),
  company: optionalText(200),
  role: optionalText(200),
  email: optionalText(254),
  phone: optionalText(40),
  address: optionalText(500),
  website: optionalText(300),
  notes: optionalText(2000),
  categoryId: optionalText(64),
  venueIds: z.array(z.string().max(64)).optional(),
})
export type ContactForm = z.infer<typeof contactFormSchema>

export const CONTACT_FIELDS = ['name', 'company', 'role', 'email', 'phone', 'address', 'website', 'notes', 'categoryId', 'venueIds'] as const

/** The API body of a contact form: every field sent, so clearing one clears it. */
export function contactBody(value: ContactForm) {
  return {
    name: value.name,
    company: value.company ?? '',
    role: value.role ?? '',
    email: value.email ?? '',
    phone: value.phone ?? '',
    address: value.address ?? '',
    website: value.website ?? '',
    notes: value.notes ?? '',
    categoryId: value.categoryId ?? null,
    venueIds: value.venueIds ?? [],
  }
}
