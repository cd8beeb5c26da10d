// Typed reads of node:sqlite rows, which come back as loosely typed records.
import type { SQLOutputValue } from 'node:sqlite';

export type Row = Record<string, SQLOutputValue>;

export function text(row: Row, column: string): string {
  return String(row[column]);
}

export function textOrNull(row: Row, column: string): string | null {
  const value = row[column];
  return value === null || value === undefined ? null : String(value);
}

export function integer(row: Row, column: string): number {
  return Number(row[column]);
}

export function json<T>(row: Row, column: string): T {
  return JSON.parse(text(row, column)) as T;
}
