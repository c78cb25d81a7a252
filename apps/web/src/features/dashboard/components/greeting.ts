/** "Good morning" / "Good afternoon" / "Good evening" by the local hour. */
export function greetingFor(hour: number): string {
  if (hour < 5 || hour >= 18) return 'Good evening';
  if (hour < 12) return 'Good morning';
  return 'Good afternoon';
}

/** The first word of a display name, or the part of the email before the @. */
export function firstNameOf(name: string, email: string): string {
  return name.trim().split(/\s+/)[0] || email.split('@')[0] || 'there';
}
