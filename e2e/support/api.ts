/** Direct API calls the journeys use for set-up and for reading the outbox, as an admin would. */
export async function api<T = unknown>(
  baseURL: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function loginToken(baseURL: string, email: string, password: string): Promise<string> {
  const res = await api<{ token: string }>(baseURL, '/auth/login', {
    method: 'POST',
    body: { email, password },
  });
  if (res.status !== 200) throw new Error(`login failed for ${email}: ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** The latest 6-digit code mailed to `to`, read from the admin outbox. */
export async function latestCode(baseURL: string, adminToken: string, to: string): Promise<string> {
  const res = await api<{ data: { mails: { text: string }[] } }>(
    baseURL,
    `/admin/outbox?to=${encodeURIComponent(to)}&limit=1`,
    { token: adminToken },
  );
  const code = res.body.data?.mails?.[0]?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}: ${JSON.stringify(res.body)}`);
  return code;
}
