import type { RunReport } from "../run-report";

/** What a line's object answers after servicing itself. */
export interface ServiceResult extends RunReport {
  /** When the alarm is now set for (epoch ms, real time), or null when none is. */
  nextAlarmAt: number | null;
  servicedThrough: string | null;
}

/** What the wake queue carries: a line whose alarm is missing or overdue. */
export interface LineWake {
  lineId: number;
  objectName: string;
}
