import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/** Links and paths that keep the visitor's locale prefix (and switch it, setting the cookie). */
export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
