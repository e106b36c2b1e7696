/**
 * The classes of a leaseholder page's main button (Pay, Send me a new link), beside
 * buttonVariants' size lg: full width, large text, and wrapping onto a second line when a phone's
 * larger text leaves no room, where the base button would run past the screen's edge.
 */
export const MAIN_ACTION = 'h-auto! min-h-14 w-full py-2 text-center text-lg whitespace-normal!';
