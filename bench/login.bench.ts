import { hash, verify } from '@node-rs/argon2';
import type { Figure } from './run';
import { createActiveUser, percentile, startBenchApp } from './support';

const SAMPLES = 40;

/**
 * Login p50, against the argon2id verification it cannot avoid (measured here with the same
 * parameters): the rest of a login (lookup, token, refresh row, audit) should cost little.
 */
export async function loginBench(): Promise<Figure[]> {
  const { app, close, url } = await startBenchApp();
  const { email, password } = await createActiveUser(app);

  const stored = await hash(password);
  const verifyTimes: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    await verify(stored, password);
    verifyTimes.push(performance.now() - t);
  }

  const loginTimes: number[] = [];
  for (let i = 0; i < SAMPLES + 5; i++) {
    const t = performance.now();
    const res = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`login failed with ${res.status}`);
    if (i >= 5) loginTimes.push(performance.now() - t);
  }
  await close();
  await app.ctx.database.close();

  const login = percentile(loginTimes, 50);
  const argon = percentile(verifyTimes, 50);
  const ratio = login / argon;
  return [
    {
      name: 'login p50',
      value: Math.round(login * 10) / 10,
      unit: 'ms',
      limitName: 'argon2id verify p50',
      limit: Math.round(argon * 10) / 10,
      ratio,
      goal: '<= 1.5',
      pass: ratio <= 1.5,
    },
  ];
}
