import {
  MICROS_PER_CREDIT,
  STORAGE_DOLLARS_PER_GB_MONTH,
  TRANSFER_DOLLARS_PER_GB,
} from '@stratos/contracts/billing/credits.schema';

/**
 * Prices of prepaid storage (DECISIONS.md 2): $0.20 per GB-month (a day is a 30th of a month) and
 * $0.10 per GB sent; $1 = 1 credit. A GB is 1024^3 bytes, as everywhere sizes are shown.
 */
export const GIB = 1024 ** 3;
export const DAY_MS = 24 * 60 * 60 * 1000;
const DAYS_PER_MONTH = 30;

const STORAGE_MICROS_PER_GB_MONTH = BigInt(Math.round(STORAGE_DOLLARS_PER_GB_MONTH * MICROS_PER_CREDIT));
const TRANSFER_MICROS_PER_GB = BigInt(Math.round(TRANSFER_DOLLARS_PER_GB * MICROS_PER_CREDIT));

export const toMicros = (credits: number): number => Math.round(credits * MICROS_PER_CREDIT);
export const toCredits = (micros: number): number => micros / MICROS_PER_CREDIT;

/**
 * What one day costs, in millionths of a credit, rounded to the nearest: `byteMs` is the day's
 * stored bytes integrated over time (bytes x milliseconds; a whole day of N bytes is N x DAY_MS),
 * `transferBytes` what was sent that day. Integer arithmetic, so known bytes give exact amounts.
 */
export function dayCostMicros(byteMs: bigint, transferBytes: bigint): number {
  const den = BigInt(DAY_MS) * BigInt(DAYS_PER_MONTH) * BigInt(GIB);
  const num =
    (byteMs > 0n ? byteMs : 0n) * STORAGE_MICROS_PER_GB_MONTH +
    (transferBytes > 0n ? transferBytes : 0n) *
      TRANSFER_MICROS_PER_GB *
      BigInt(DAY_MS) *
      BigInt(DAYS_PER_MONTH);
  return Number((num + den / 2n) / den);
}

/** Dollars a day of `bytes` stored costs. */
export const storageDollarsPerDay = (bytes: number): number =>
  ((bytes / GIB) * STORAGE_DOLLARS_PER_GB_MONTH) / DAYS_PER_MONTH;

/** Dollars sending `bytes` costs. */
export const transferDollars = (bytes: number): number => (bytes / GIB) * TRANSFER_DOLLARS_PER_GB;

/** Rounds away floating-point noise (6 decimals, a millionth of a dollar). */
export const tidy = (n: number): number => Math.round(n * 1e6) / 1e6;

/** The UTC day (YYYY-MM-DD) of an instant, and the first instant of a UTC day. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);
export const addDays = (day: string, n: number): string =>
  utcDay(new Date(dayStart(day).getTime() + n * DAY_MS));

/** Recent transfers count towards the daily cost as their average over this many days. */
export const TRANSFER_WINDOW_DAYS = 30;

/** Dollars a day costs at today's usage: stored bytes now, plus the window's transfers averaged. */
export const dailyCostDollars = (usedBytes: number, sentInWindow: number): number =>
  storageDollarsPerDay(usedBytes) + transferDollars(sentInWindow) / TRANSFER_WINDOW_DAYS;

export type BillingKind = 'subscription' | 'prepaid' | 'free' | 'unlimited';
export const billingKind = (planId: string, unlimited: boolean): BillingKind =>
  unlimited ? 'unlimited' : planId === 'prepaid' ? 'prepaid' : planId === 'free' ? 'free' : 'subscription';
