import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

// Mirrors original-spec.md §2 group by group; later modules add their groups here.
export default [
  index('routes/index.tsx'),

  // Public group: signed-in users are sent on.
  layout('routes/public/layout.tsx', [
    route('login', 'routes/public/login.tsx'),
    route('register', 'routes/public/register.tsx'),
    route('forgot-password', 'routes/public/forgot-password.tsx'),
    route('reset-password', 'routes/public/reset-password.tsx'),
  ]),

  // Authenticated group: signed-out users go to /login and come back after.
  layout('routes/authed/layout.tsx', [
    route('verify-email', 'routes/authed/verify-email.tsx'),
    route('profile', 'routes/authed/profile.tsx'),
  ]),

  // Form targets without pages of their own (they redirect back).
  route('logout', 'routes/resources/logout.ts'),
  route('set-language', 'routes/resources/set-language.ts'),
  route('set-theme', 'routes/resources/set-theme.ts'),
  route('resend-verification', 'routes/resources/resend-verification.ts'),

  // Unmatched URLs: the not-found page.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
