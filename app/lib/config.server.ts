export { getConfig } from '../../server/config.ts'
