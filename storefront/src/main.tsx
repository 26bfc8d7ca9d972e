// Standalone development entry. The dynamic import is the federation's async boundary: shared modules
// (React, the router, Chakra) are negotiated before any component code runs.
void import('./app/standalone.tsx');
