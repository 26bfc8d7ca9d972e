// jest-dom's matchers (toBeInTheDocument, toHaveTextContent...) on vitest's expect, for the type checker.
import '@testing-library/jest-dom/vitest';
