import { shippingInfoSchema } from '@shop/shared-api/schemas';
import { cartStore, useCartItems, useShippingInfo } from '@shop/shared-cart';
import {
  Button,
  Card,
  FormField,
  Grid,
  Heading,
  Input,
  NativeSelect,
  Stack,
  toast,
  usePageTitle,
  useShopForm,
} from '@shop/shared-ui';
import { Navigate, useNavigate } from 'react-router-dom';
import { CheckoutSteps } from './CheckoutSteps.tsx';
import { countryNames, INDIA, INDIAN_STATES } from './regions.ts';

/** `/shipping`: where the order goes; all six fields required, saved for the next order too. */
export default function ShippingPage() {
  usePageTitle('Shipping Details');
  const lines = useCartItems();
  const saved = useShippingInfo();
  const navigate = useNavigate();
  const form = useShopForm({
    schema: shippingInfoSchema,
    initialValues: {
      address: saved?.address ?? '',
      city: saved?.city ?? '',
      state: saved?.state ?? '',
      country: saved?.country ?? INDIA,
      pinCode: saved?.pinCode ?? '',
      phoneNo: saved?.phoneNo ?? '',
    },
    describeFailure: () => 'Your shipping details could not be saved',
    // Product rule: a phone that is not 10 digits is also said in a toast.
    onInvalid: (errors) => {
      if (errors.phoneNo) toast.error(errors.phoneNo);
    },
    onSubmit: (shippingInfo) => {
      cartStore.getState().saveShippingInfo(shippingInfo);
      navigate('/order/confirm');
    },
  });

  if (lines.length === 0) return <Navigate to="/cart" replace />;
  const inIndia = form.values.country === INDIA;
  return (
    <Stack pb="10">
      <CheckoutSteps current={0} />
      <Card.Root w="full" maxW="2xl" mx="auto">
        <Card.Body>
          <Heading as="h1" size="xl" mb="6">
            Shipping Details
          </Heading>
          <Stack asChild gap="4">
            <form onSubmit={form.handleSubmit} noValidate aria-label="Shipping Details">
              <FormField label="Address" error={form.errors.address} required>
                <Input autoComplete="street-address" maxLength={500} {...form.field('address')} />
              </FormField>
              <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
                <FormField label="City" error={form.errors.city} required>
                  <Input autoComplete="address-level2" maxLength={200} {...form.field('city')} />
                </FormField>
                <FormField label="Pin Code" error={form.errors.pinCode} required>
                  <Input
                    inputMode="numeric"
                    autoComplete="postal-code"
                    maxLength={10}
                    {...form.field('pinCode')}
                  />
                </FormField>
              </Grid>
              <FormField label="Phone Number" error={form.errors.phoneNo} required helperText="10 digits">
                <Input
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  maxLength={10}
                  {...form.field('phoneNo')}
                />
              </FormField>
              <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
                <FormField label="Country" error={form.errors.country} required>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      name="country"
                      autoComplete="country-name"
                      value={form.values.country}
                      onChange={(event) => {
                        form.setValue('country', event.target.value);
                        // A state of India means nothing for another country, and the other way round.
                        form.setValue('state', '');
                      }}
                    >
                      {countryNames().map((country) => (
                        <option key={country} value={country}>
                          {country}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
                <FormField label="State" error={form.errors.state} required>
                  {inIndia ? (
                    <NativeSelect.Root>
                      <NativeSelect.Field autoComplete="address-level1" {...form.field('state')}>
                        <option value="">Choose a state</option>
                        {INDIAN_STATES.map((state) => (
                          <option key={state} value={state}>
                            {state}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  ) : (
                    <Input autoComplete="address-level1" maxLength={200} {...form.field('state')} />
                  )}
                </FormField>
              </Grid>
              <Button type="submit" colorPalette="brand" size="lg" mt="2">
                Continue
              </Button>
            </form>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
