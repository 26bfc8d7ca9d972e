import { Box, Button, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { AnimatePresence, motion, useReducedMotion, type PanInfo } from 'framer-motion';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS, toastStore, type ShopToast, type ToastKind } from './toast-store.ts';

/** A swipe further right than this (or a quick flick) dismisses the toast. */
const SWIPE_DISMISS_PX = 80;
const SWIPE_DISMISS_VELOCITY = 500;

const look: Record<ToastKind, { palette: string; Icon: typeof Info; label: string }> = {
  success: { palette: 'green', Icon: CircleCheck, label: 'Success' },
  error: { palette: 'red', Icon: CircleAlert, label: 'Error' },
  info: { palette: 'blue', Icon: Info, label: 'Information' },
};

/** Dismisses after TOAST_DURATION_MS, paused while the pointer or keyboard focus is on the toast. */
function useAutoDismiss(onDismiss: () => void, paused: boolean) {
  const remaining = useRef(TOAST_DURATION_MS);
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });
  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismiss.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused]);
}

function ToastItem({ toast }: { toast: ShopToast }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reduceMotion = useReducedMotion();
  const dismiss = () => toastStore.getState().dismiss(toast.id);
  useAutoDismiss(dismiss, hovered || focused);
  const { palette, Icon, label } = look[toast.kind];

  const onDragEnd = (_event: unknown, info: PanInfo) => {
    if (info.offset.x > SWIPE_DISMISS_PX || info.velocity.x > SWIPE_DISMISS_VELOCITY) dismiss();
  };

  return (
    <Box
      asChild
      colorPalette={palette}
      bg="bg.panel"
      color="fg"
      borderWidth="1px"
      borderColor="border"
      borderLeftWidth="4px"
      borderLeftColor="colorPalette.solid"
      rounded="md"
      shadow="lg"
      px="4"
      py="3"
      w="full"
      cursor="grab"
    >
      <motion.div
        layout={!reduceMotion}
        // Errors interrupt (assertive); success and info wait for a pause (the polite list around them).
        role={toast.kind === 'error' ? 'alert' : 'status'}
        data-testid="toast"
        data-kind={toast.kind}
        initial={reduceMotion ? { opacity: 0 } : { opacity: 0, x: 48 }}
        animate={{ opacity: 1, x: 0 }}
        exit={reduceMotion ? { opacity: 0 } : { opacity: 0, x: 320 }}
        transition={{ duration: reduceMotion ? 0 : 0.2 }}
        drag="x"
        dragConstraints={{ left: 0, right: 0 }}
        dragElastic={{ left: 0, right: 0.9 }}
        dragSnapToOrigin
        onDragEnd={onDragEnd}
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        style={{ touchAction: 'pan-y' }}
      >
        <HStack align="start" gap="3">
          <Box color="colorPalette.fg" mt="0.5" aria-hidden="true">
            <Icon size={20} />
          </Box>
          <Stack flex="1" gap="2" align="start">
            <Text fontSize="sm" fontWeight="medium">
              <Box as="span" srOnly>
                {label}:{' '}
              </Box>
              {toast.message}
            </Text>
            {toast.action ? (
              <Button
                size="xs"
                variant="outline"
                onClick={() => {
                  toast.action?.onClick();
                  dismiss();
                }}
              >
                {toast.action.label}
              </Button>
            ) : null}
          </Stack>
          <CloseButton size="2xs" aria-label="Close notification" onClick={dismiss} />
        </HStack>
      </motion.div>
    </Box>
  );
}

/** The animated toasts (framer-motion), loaded with the first toast; see ShopToaster. */
export function renderToasts(toasts: ShopToast[]): ReactNode {
  return (
    <AnimatePresence initial={false}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </AnimatePresence>
  );
}
