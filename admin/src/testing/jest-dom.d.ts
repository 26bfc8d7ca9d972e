// jest-dom's matchers on vitest's expect, for the type checker (the tsconfig's entry types jest's).
import '@testing-library/jest-dom/vitest';
