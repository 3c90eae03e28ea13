/**
 * Day and time formatting for pages: the shared helper of server/dates.ts (ADR 039), with stepping a
 * day back or forward. Times are shown in the venue's zone, so the server and the browser render the
 * same text.
 */
export { formatDay, formatInstant, formatMoment, isDay, shiftDay, shownDeviceTime } from '../../../server/dates'
