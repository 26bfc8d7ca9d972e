import type * as SharedApi from '@shop/shared-api';
import { ApiError } from '@shop/shared-api';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, resetSession, shopper } from '../test-support/render.tsx';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';
import { UpdatePasswordPage } from './UpdatePasswordPage.tsx';

const api = vi.hoisted(() => ({ updatePassword: vi.fn(), forgotPassword: vi.fn(), resetPassword: vi.fn() }));
vi.mock('@shop/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedApi>()),
  ...api,
}));

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
/** Lets the awaited api call settle. */
const settle = () => act(async () => {});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.resetAllMocks();
  resetSession(shopper);
});
afterEach(() => vi.useRealTimers());

describe('/password/update', () => {
  const render = () => renderPage(<UpdatePasswordPage />, { path: '/password/update' });

  it("says 'New passwords do not match!'", () => {
    render();
    type(/^Old Password/, 'Shopper12345');
    type(/^New Password/, 'Something123');
    type(/^Confirm Password/, 'Something124');
    submit('Change Password');
    expect(screen.getByText('New passwords do not match!')).toBeInTheDocument();
    expect(api.updatePassword).not.toHaveBeenCalled();
  });

  it("says 'New password must be at least 8 characters long!'", () => {
    render();
    type(/^Old Password/, 'Shopper12345');
    type(/^New Password/, 'short');
    type(/^Confirm Password/, 'short');
    submit('Change Password');
    expect(screen.getByText('New password must be at least 8 characters long!')).toBeInTheDocument();
  });

  it('asks for the old password', () => {
    render();
    submit('Change Password');
    expect(screen.getByText('Old password is required')).toBeInTheDocument();
  });

  it('changes the password, says so and goes to /account after 2 seconds', async () => {
    api.updatePassword.mockResolvedValue({ success: true });
    const { router } = render();
    type(/^Old Password/, 'Shopper12345');
    type(/^New Password/, 'Shopper67890');
    type(/^Confirm Password/, 'Shopper67890');
    submit('Change Password');
    await settle();
    expect(api.updatePassword).toHaveBeenCalledWith({
      oldPassword: 'Shopper12345',
      newPassword: 'Shopper67890',
      confirmPassword: 'Shopper67890',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Password updated successfully');
    act(() => vi.advanceTimersByTime(1900));
    expect(router.state.location.pathname).toBe('/password/update');
    act(() => vi.advanceTimersByTime(200));
    expect(router.state.location.pathname).toBe('/account');
  });

  it("shows the server's message ('Old password is incorrect')", async () => {
    api.updatePassword.mockRejectedValue(new ApiError('Old password is incorrect', 400));
    render();
    type(/^Old Password/, 'wrong-one');
    type(/^New Password/, 'Shopper67890');
    type(/^Confirm Password/, 'Shopper67890');
    submit('Change Password');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Old password is incorrect');
  });
});

describe('/password/forgot', () => {
  const render = () => renderPage(<ForgotPasswordPage />, { path: '/password/forgot' });

  it('requires the email', () => {
    resetSession();
    render();
    submit('Send');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(api.forgotPassword).not.toHaveBeenCalled();
  });

  it("shows 'Please check your email for password reset instructions.' and goes to /login after 2 seconds", async () => {
    resetSession();
    api.forgotPassword.mockResolvedValue({
      success: true,
      message: 'Please check your email for password reset instructions.',
    });
    const { router } = render();
    type(/^Email/, 'shopper@example.com');
    submit('Send');
    await settle();
    expect(api.forgotPassword).toHaveBeenCalledWith({ email: 'shopper@example.com' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Please check your email for password reset instructions.',
    );
    act(() => vi.advanceTimersByTime(2000));
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('/password/reset/:token', () => {
  const render = () =>
    renderPage(<ResetPasswordPage />, {
      path: '/password/reset/:token',
      at: '/password/reset/abcDEF123_-abcdefghijkl',
    });

  it("says 'Passwords do not match!'", () => {
    render();
    type(/^New Password/, 'Brand-new-1');
    type(/^Confirm Password/, 'Brand-new-2');
    submit('Reset Password');
    expect(screen.getByText('Passwords do not match!')).toBeInTheDocument();
    expect(api.resetPassword).not.toHaveBeenCalled();
  });

  it("resets with the token, says 'Password reset successfully!' and goes to /login after 2 seconds", async () => {
    api.resetPassword.mockResolvedValue({ success: true, message: 'Password reset successfully!' });
    const { router } = render();
    type(/^New Password/, 'Brand-new-1');
    type(/^Confirm Password/, 'Brand-new-1');
    submit('Reset Password');
    await settle();
    expect(api.resetPassword).toHaveBeenCalledWith('abcDEF123_-abcdefghijkl', {
      password: 'Brand-new-1',
      confirmPassword: 'Brand-new-1',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Password reset successfully!');
    act(() => vi.advanceTimersByTime(2000));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows an expired token', async () => {
    api.resetPassword.mockRejectedValue(new ApiError('Password reset token is invalid or has expired', 400));
    render();
    type(/^New Password/, 'Brand-new-1');
    type(/^Confirm Password/, 'Brand-new-1');
    submit('Reset Password');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Password reset token is invalid or has expired');
  });
});
