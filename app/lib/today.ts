import { easternDateTime } from "#domain/calendar";

/** Today's date in Eastern time (ISO): the date rules of the application use it on both sides. */
export function easternToday(now = new Date()): string {
  return easternDateTime(now).date;
}
