export * from '../auth/schema.ts'
