/** "free" -> "Free plan", "pro" -> "Pro plan". */
export function planLabel(plan: string): string {
  const clean = plan.trim() || 'free';
  return `${clean.charAt(0).toUpperCase()}${clean.slice(1)} plan`;
}
