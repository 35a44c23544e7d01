import type { ReactNode } from 'react';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { theme } from './theme';
import './look.css';
import { Toasts } from '../ui/Toasts';

/**
 * Text colours readable on the dark panels (WCAG AA 4.5:1 for small text; axe flags less as
 * serious). Mantine's dark "dimmed" (dark-2, #828282) is 3.9:1 on dark-7: dark-1 (#b8b8b8)
 * gives 7.6:1 and still reads as secondary. Its dark "error" (red-8, #e03131) under a field is
 * about 3.8:1: red-5 (#ff6b6b) gives about 5.7:1 and is still plainly the error red.
 */
const readableText: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-error': 'var(--mantine-color-red-5)' },
});

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" cssVariablesResolver={readableText}>
      <QueryClientProvider client={client}>
        <Toasts />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
