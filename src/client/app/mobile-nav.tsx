import { Menu, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Brand, SidebarPanel } from './sidebar';

const FOCUSABLE =
  'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Below 1024px the sidebar folds into a top bar whose menu button opens it as a drawer: a modal
 * dialog that keeps focus inside, closes on Escape, on the backdrop or once an item is chosen,
 * and gives focus back to the menu button.
 */
export function MobileNav() {
  const [isOpen, setIsOpen] = useState(false);
  const drawerId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (isOpen) {
      panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      const overflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
      wasOpen.current = true;
      return () => {
        document.body.style.overflow = overflow;
      };
    }
    if (wasOpen.current) menuButton.current?.focus();
    return undefined;
  }, [isOpen]);

  const close = () => setIsOpen(false);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <>
      <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-3 border-b border-border bg-card px-4 lg:hidden">
        <Brand />
        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          aria-label="Open menu"
          aria-expanded={isOpen}
          aria-controls={drawerId}
          onClick={() => setIsOpen(true)}
        >
          <Menu aria-hidden="true" className="size-6" />
        </Button>
      </header>
      {isOpen ? (
        <div className="fixed inset-0 z-50 lg:hidden">
          <div aria-hidden="true" className="absolute inset-0 bg-foreground/50" onClick={close} />
          <div
            ref={panel}
            id={drawerId}
            role="dialog"
            aria-modal="true"
            aria-label="Admin menu"
            onKeyDown={onKeyDown}
            className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-card shadow-xl"
          >
            <div className="flex h-16 items-center justify-between gap-3 border-b border-border px-4">
              <Brand />
              <Button variant="ghost" size="icon" aria-label="Close menu" onClick={close}>
                <X aria-hidden="true" className="size-6" />
              </Button>
            </div>
            <div className="flex-1 overflow-y-auto">
              <SidebarPanel onNavigate={close} />
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}
