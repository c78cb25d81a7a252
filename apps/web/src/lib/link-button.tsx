import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

type LinkButtonProps = Omit<ButtonProps, 'href'> & { to: string };

/**
 * A button-styled link: a real `<a href>` (so it is a link to assistive tech and can open in a new
 * tab) that navigates inside the app on a plain click.
 */
export function LinkButton({ to, onClick, ...props }: LinkButtonProps) {
  const navigate = useNavigate();
  const handleClick = (e: MouseEvent<HTMLElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    void navigate(to);
  };
  return <Button {...props} href={to} onClick={handleClick} />;
}
