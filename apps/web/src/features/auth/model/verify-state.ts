/** What registration (or a sign-in of an unconfirmed account) hands the verification page. */
export interface VerifyState {
  email?: string;
  plan?: string;
  redirectAfterVerification?: string;
  /** A code was just sent, so the resend button starts cooling down. */
  codeSent?: boolean;
}

export function readVerifyState(
  state: unknown,
  params: URLSearchParams,
): Required<Omit<VerifyState, 'codeSent'>> & {
  codeSent: boolean;
} {
  const s = (state && typeof state === 'object' ? state : {}) as VerifyState;
  return {
    email: s.email ?? params.get('email') ?? '',
    plan: s.plan ?? params.get('plan') ?? '',
    redirectAfterVerification: s.redirectAfterVerification ?? params.get('redirectAfterVerification') ?? '',
    codeSent: s.codeSent === true,
  };
}

/** The sign-in page, with the email prefilled and the post-verification destination as its redirect. */
export function loginAfterVerification(email: string, redirectAfterVerification: string): string {
  const q = new URLSearchParams();
  if (redirectAfterVerification) q.set('redirect', redirectAfterVerification);
  if (email) q.set('email', email);
  return `/login${q.size ? `?${q}` : ''}`;
}
