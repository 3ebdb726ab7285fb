import moment from 'moment';

/**
 * moment, for the time ranges' calendar arithmetic (`timeRange.ts`) and the picker; dates are
 * written without it (`dates.ts`). Its time zones load on demand (`zoneRules.ts`).
 */
export { moment };
