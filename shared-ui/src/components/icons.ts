// Icons that a remote's first-state code draws: from here they come with the design system the shell
// already loaded, not with lucide's icon factory in the remote's own files (the payment page's steps
// loaded 3 KB of the storefront's page pieces for one check mark; docs/performance.md, issue 25).
export { Check as CheckIcon } from 'lucide-react';
