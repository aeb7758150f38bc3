export interface Timing {
  name: string;
  file: string;
  ms: number;
}
export function recordOrPrint(title: string, rows: Timing[]): void;
export function readTimings(file: string): Timing[];
export function printSlowest(title: string, rows: Timing[], n?: number): void;
