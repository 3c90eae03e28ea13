import { index, route, type RouteConfig } from '@react-router/dev/routes'

export default [index('routes/home.tsx'), route('same/:page', 'routes/same.tsx')] satisfies RouteConfig
