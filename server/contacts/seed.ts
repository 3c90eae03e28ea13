import { eq } from 'drizzle-orm'
import type { DemoSeeder } from '../db/seed.ts'
import { contactCategories, contacts, parLevels, supplierProducts } from './schema.ts'
import { seedCategories } from './service.ts'

const VEG = [
  ['Tomatoes', 'kg', '5 kg box', 2.4, 12],
  ['Onions', 'kg', '10 kg sack', 1.1, 10],
  ['Garlic', 'kg', '1 kg net', 6.5, 2],
  ['Potatoes', 'kg', '25 kg sack', 0.8, 25],
  ['Carrots', 'kg', '10 kg sack', 0.9, 8],
  ['Lemons', 'each', 'box of 80', 0.25, 60],
  ['Flat-leaf parsley', 'bunch', 'bunch', 0.9, 6],
  ['Basil', 'bunch', 'bunch', 1.2, 4],
  ['Rocket', 'kg', '1 kg bag', 7.5, 2],
  ['Red peppers', 'kg', '5 kg box', 3.2, 5],
] as const
const DAIRY = [
  ['Whole milk', 'l', '6 × 2 l', 1.05, 24],
  ['Double cream', 'l', '2 l tub', 4.2, 6],
  ['Unsalted butter', 'kg', '10 × 250 g', 8.9, 5],
  ['Free-range eggs', 'each', 'tray of 30', 0.32, 90],
  ['Parmesan', 'kg', '1 kg wedge', 19.5, 2],
  ['Mozzarella', 'kg', '1 kg bag', 9.8, 3],
  ['Greek yoghurt', 'kg', '1 kg tub', 4.6, 3],
  ['Cheddar', 'kg', '2.5 kg block', 11.2, 2],
  ['Crème fraîche', 'l', '1 l tub', 5.1, 2],
  ['Goat’s cheese', 'kg', '1 kg log', 16.4, 1],
] as const

/**
 * The demo's contacts (issue #13): the three default categories, two suppliers with ten products each
 * and par levels at both venues, a plumber, an electrician and the emergency numbers.
 */
export const seedContactsDemo: DemoSeeder = async ({ db }, { orgId, venueIds }) => {
  const existing = await db.select({ id: contactCategories.id }).from(contactCategories).where(eq(contactCategories.orgId, orgId))
  const [suppliers, maintenance, emergency] = existing.length ? existing.map((c) => c.id) : await seedCategories(db, orgId, 'en')
  const inserted = await db
    .insert(contacts)
    .values([
      { orgId, categoryId: suppliers, name: 'Green Valley Produce', company: 'Green Valley Produce Ltd', role: 'Orders desk', email: 'orders@greenvalley.demo.mise.localhost', phone: '+442079460018', address: 'Unit 4, New Covent Garden Market, London', website: 'https://greenvalley.example/' },
      { orgId, categoryId: suppliers, name: 'Dairy Direct', company: 'Dairy Direct', role: 'Sam (accounts)', email: 'sam@dairydirect.demo.mise.localhost', phone: '+441632960123', address: '2 Mill Lane, Somerset' },
      { orgId, categoryId: maintenance, name: 'Pete the Plumber', company: 'Harbour Plumbing', role: 'Plumber', phone: '+447700900123', notes: 'Out of hours: same number, leave a message.' },
      { orgId, categoryId: maintenance, name: 'Sparks Electrical', role: 'Electrician', phone: '+442079460555', email: 'help@sparks.demo.mise.localhost', venueIds: venueIds.slice(0, 1) },
      { orgId, categoryId: emergency, name: 'Out-of-hours locksmith', phone: '+442079460999', notes: 'Fire, ambulance, police: dial 999.' },
      { orgId, categoryId: emergency, name: 'Gas emergency', phone: '+448000111999' },
    ])
    .returning({ id: contacts.id, name: contacts.name })
  for (const [supplier, list] of [
    [inserted[0]!.id, VEG],
    [inserted[1]!.id, DAIRY],
  ] as const) {
    const products = await db
      .insert(supplierProducts)
      .values(list.map(([name, unit, packSize, price], position) => ({ orgId, contactId: supplier, name, unit, packSize, price, code: `${name.slice(0, 3).toUpperCase()}-${position + 1}`, position })))
      .returning({ id: supplierProducts.id, position: supplierProducts.position })
    await db.insert(parLevels).values(products.flatMap((p) => venueIds.map((venueId, v) => ({ orgId, productId: p.id, venueId, par: v === 0 ? list[p.position]![4] : Math.ceil(list[p.position]![4] / 2) }))))
  }
}
