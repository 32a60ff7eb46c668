'use client';

import { ErrorPanel } from '@/components/errors/ErrorPanel';

/** A page that failed to render, inside the site's header and footer. */
export default ErrorPanel;
