import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';

const box = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;

describe('Composer', () => {
  afterEach(cleanup);

  it('sends on Enter and empties the box; Shift+Enter does not send', () => {
    const onSend = vi.fn();
    render(<Composer busy={false} disabled={false} onSend={onSend} onStop={() => {}} />);
    fireEvent.change(box(), { target: { value: 'First line' } });
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('First line');
    expect(box().value).toBe('');
  });

  it('does not send a blank message', () => {
    const onSend = vi.fn();
    render(<Composer busy={false} disabled={false} onSend={onSend} onStop={() => {}} />);
    fireEvent.change(box(), { target: { value: '   ' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });

  it('offers Stop instead of Send while a reply is written', () => {
    const onStop = vi.fn();
    render(<Composer busy disabled={false} onSend={() => {}} onStop={onStop} />);
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalledOnce();
  });
});
