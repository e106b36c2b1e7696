import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Brand, SidebarPanel } from './sidebar';

/**
 * Below 1024px the sidebar folds into a top bar whose menu button opens it as a drawer: a modal
 * dialog that closes on Escape, on the backdrop or once an item is chosen.
 */
export function MobileNav() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-3 border-b border-border bg-card px-4 lg:hidden">
        <Brand />
        <DialogTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Open menu">
            <Menu aria-hidden="true" className="size-6" />
          </Button>
        </DialogTrigger>
      </header>
      <DialogContent
        aria-describedby={undefined}
        overlayClassName="lg:hidden"
        className="inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col lg:hidden"
      >
        <DialogTitle className="sr-only">Admin menu</DialogTitle>
        <div className="flex h-16 items-center justify-between gap-3 border-b border-border px-4">
          <Brand />
          <DialogClose asChild>
            <Button variant="ghost" size="icon" aria-label="Close menu">
              <X aria-hidden="true" className="size-6" />
            </Button>
          </DialogClose>
        </div>
        <div className="flex-1 overflow-y-auto">
          <SidebarPanel onNavigate={() => setIsOpen(false)} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
