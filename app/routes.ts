import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes'

// Mirrors original-spec.md §2 group by group; later modules add their routes to their group.
export default [
  // Public group: signed-in users are sent on.
  layout('routes/public/layout.tsx', [
    route('login', 'routes/public/login.tsx'),
    route('register', 'routes/public/register.tsx'),
    route('forgot-password', 'routes/public/forgot-password.tsx'),
    route('reset-password', 'routes/public/reset-password.tsx'),
  ]),
  // Invitations are opened signed in or out.
  route('invite', 'routes/public/invite.tsx'),
  // A tablet's sign-in link: opened signed out (or as a device); a person is asked first.
  route('device-login', 'routes/public/device-login.tsx'),
  // Public forms, open signed in or out (docs/decisions/033).
  route('contact', 'routes/forms/contact.tsx'),
  route('early-access', 'routes/forms/early-access.tsx'),
  // A supplier's signed link to an order: no account, no session.
  route('supplier/orders/:orderId', 'routes/public/supplier-order.tsx'),
  // An alert e-mail's unsubscribe link: no session, a signed token (ADR 051).
  route('unsubscribe', 'routes/public/unsubscribe.tsx'),

  // Authenticated group: signed-out users go to /login and come back after.
  layout('routes/authed/layout.tsx', [
    route('verify-email', 'routes/authed/verify-email.tsx'),
    route('profile', 'routes/authed/profile.tsx'),
    route('organisations', 'routes/authed/organisations.tsx'),
    route('organisations/create', 'routes/authed/organisations.create.tsx'),
    // A shared device's own pages: its settings, and the PIN pad.
    route('device-settings', 'routes/authed/device-settings.tsx'),
    route('pin', 'routes/authed/pin.tsx'),
    route('support', 'routes/authed/support.tsx'),

    // Organisation-scoped group: no organisation chosen → /organisations.
    layout('routes/org/layout.tsx', [
      route('venues', 'routes/org/venues.tsx'),
      route('venues/create', 'routes/org/venues.create.tsx'),
      route('pin-setup', 'routes/org/pin-setup.tsx'),
      // Every venue side by side, ADMIN and up (issue #14, ADR 048).
      route('overview', 'routes/org/overview.tsx'),
      route('overview.csv', 'routes/org/overview.csv.ts'),

      // Settings: ADMIN and up (BASIC sees a 403 screen).
      ...prefix('settings', [
        layout('routes/settings/layout.tsx', [
          index('routes/settings/index.tsx'),
          route('venues', 'routes/settings/venues.tsx'),
          route('venues/new', 'routes/settings/venues.new.tsx'),
          route('venues/:venueId', 'routes/settings/venues.$venueId.tsx'),
          route('staff', 'routes/settings/staff.tsx'),
          route('staff/invite', 'routes/settings/staff.invite.tsx'),
          route('staff/:staffId', 'routes/settings/staff.$staffId.tsx'),
          route('general', 'routes/settings/general.tsx'),
          route('alerts', 'routes/settings/alerts.tsx'),
          route('checklists', 'routes/settings/checklists.tsx'),
          route('checklists/new', 'routes/settings/checklists.new.tsx'),
          route('checklists/:checklistId', 'routes/settings/checklists.$checklistId.tsx'),
          route('temperatures', 'routes/settings/temperatures.tsx'),
          route('temperatures/new', 'routes/settings/temperatures.new.tsx'),
          route('temperatures/:temperatureId', 'routes/settings/temperatures.$temperatureId.tsx'),
          route('devices', 'routes/settings/devices.tsx'),
          route('devices/new', 'routes/settings/devices.new.tsx'),
          route('devices/:deviceId', 'routes/settings/devices.$deviceId.tsx'),
          route('billing', 'routes/settings/billing.tsx'),
          route('contacts', 'routes/settings/contacts.tsx'),
          route('contacts/new', 'routes/settings/contacts.new.tsx'),
          route('contacts/:contactId', 'routes/settings/contacts.$contactId.tsx'),
          route('recipes', 'routes/settings/recipes.tsx'),
          route('recipes/new', 'routes/settings/recipes.new.tsx'),
          route('recipes/:recipeId', 'routes/settings/recipes.$recipeId.tsx'),
        ]),
      ]),

      // Venue-scoped group (the index is the venue home): no venue chosen → /venues.
      layout('routes/venue/layout.tsx', [
        index('routes/venue/home.tsx'),
        route('checklists', 'routes/venue/checklists.tsx'),
        route('checklists/:checklistId', 'routes/venue/checklists.$checklistId.tsx'),
        route('contacts', 'routes/venue/contacts.tsx'),
        route('orders', 'routes/venue/orders.tsx'),
        route('orders/new', 'routes/venue/orders.new.tsx'),
        route('orders/:orderId', 'routes/venue/orders.$orderId.tsx'),
        route('recipes', 'routes/venue/recipes.tsx'),
        route('recipes/allergens', 'routes/venue/recipes.allergens.tsx'),
        route('recipes/allergens.pdf', 'routes/venue/recipes.allergens.pdf.ts'),
        route('recipes/:recipeId', 'routes/venue/recipes.$recipeId.tsx'),
        route('temperatures', 'routes/venue/temperatures.tsx'),
        route('temperatures/:temperatureId', 'routes/venue/temperatures.$temperatureId.tsx'),
      ]),
    ]),
  ]),

  // Form targets without pages of their own (they redirect back).
  route('logout', 'routes/resources/logout.ts'),
  route('set-language', 'routes/resources/set-language.ts'),
  route('set-theme', 'routes/resources/set-theme.ts'),
  route('resend-verification', 'routes/resources/resend-verification.ts'),
  route('contacts/:contactId/vcard', 'routes/resources/contact-vcard.ts'),
  // An alert e-mail's link: choose its organisation and venue, then open the page (ADR 051).
  route('alerts/open', 'routes/resources/alert-open.ts'),

  // Unmatched URLs: the not-found page.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
