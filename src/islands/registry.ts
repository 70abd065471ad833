import { ContactForm } from './ContactForm.tsx';
import { MobileMenu } from './MobileMenu.tsx';

/**
 * The only components that run in the browser. Each is rendered at build time
 * by <Island> and hydrated by client.tsx under the same name.
 */
export const islands = { ContactForm, MobileMenu };

export type IslandName = keyof typeof islands;
