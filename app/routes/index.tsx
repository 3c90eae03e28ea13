import { redirect } from 'react-router'
import type { Route } from './+types/index'
import { getMe } from '../lib/session.server'

/** The root sends people where their work is. */
export async function loader(args: Route.LoaderArgs) {
  const { me } = await getMe(args)
  throw redirect(me ? '/profile' : '/login')
}

export default function Index() {
  return null
}
