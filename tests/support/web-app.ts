import type { Runtime } from '../../server/runtime.ts'
import { createTestApp, type TestApp } from './app.ts'
import { createOrgWithActors, type OrgWithActors } from './orgs.ts'

/**
 * A test app that the web's loaders and actions reach in-process (the in-process transport finds the
 * process runtime, here the test app), with an organisation and its actors.
 */
export async function startWebTestApp(): Promise<{ t: TestApp; o: OrgWithActors }> {
  const t = await createTestApp()
  globalThis.__miseRuntime = Promise.resolve({ api: t.app } as unknown as Runtime)
  return { t, o: await createOrgWithActors(t) }
}

/** Undo startWebTestApp: the runtime forgotten, the app closed. */
export async function stopWebTestApp(t: TestApp | undefined): Promise<void> {
  globalThis.__miseRuntime = undefined
  await t?.close()
}
