/** A contact as the API describes it (server/contacts/service.ts). */
export interface Contact {
  id: string
  name: string
  company: string
  role: string
  email: string
  phone: string
  phoneDisplay: string
  address: string
  website: string
  notes: string
  category: { id: string; name: string; supplier: boolean } | null
  venueIds: string[]
  createdAt: string
  updatedAt: string
}

export interface ContactCategory {
  id: string
  name: string
  position: number
  supplier: boolean
  contactCount?: number
}

export interface SupplierProduct {
  id: string
  name: string
  unit: string
  packSize: string
  price: number | null
  code: string
  parLevels: Array<{ venueId: string; par: number }>
}

/** Contacts grouped under their categories, in the categories' order; uncategorised ones last. */
export function groupByCategory(contacts: Contact[], categories: ContactCategory[]): Array<{ category: ContactCategory | null; contacts: Contact[] }> {
  const groups = categories.map((category) => ({ category: category as ContactCategory | null, contacts: contacts.filter((c) => c.category?.id === category.id) }))
  groups.push({ category: null, contacts: contacts.filter((c) => !c.category) })
  return groups.filter((g) => g.contacts.length > 0)
}
