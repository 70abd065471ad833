import type { ReactNode } from 'react';

export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className="back-link" href={href}>
      <span aria-hidden="true">←</span> {children}
    </a>
  );
}
