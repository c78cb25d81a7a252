/**
 * Set while a deliberate sign-out navigates away, so the guard of the page being left does not
 * race it with its own "/login?redirect=..." (the sign-out chooses where to go).
 */
let leaving = false;

export const signOutIntent = {
  begin() {
    leaving = true;
  },
  end() {
    leaving = false;
  },
  active: () => leaving,
};
