import { useThinkingPhase } from '../hooks/use-thinking-phase';
import { THINKING_PHASES } from '../model/thinking-phases';
import styles from './chat.module.css';

/** Shown while waiting for the first token: the phases of part 2 section 2, in turn. */
export function ThinkingIndicator({ since, retryAttempt }: { since: number; retryAttempt?: number }) {
  const phase = useThinkingPhase(since) ?? THINKING_PHASES[0];
  return (
    <div className={styles.thinking} role="status" aria-live="polite" data-phase={phase.id}>
      <span className={styles.dots} aria-hidden>
        <i />
        <i />
        <i />
      </span>
      <span>
        {retryAttempt ? `Improving the answer (attempt ${retryAttempt}) · ` : ''}
        {phase.label}…
      </span>
    </div>
  );
}
