export * from '../auth/schema.ts'
export * from '../orgs/schema.ts'
