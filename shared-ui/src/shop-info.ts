/** The shop's public contact details, shown in the footer, on /about and on /contact. */
export const shopInfo = {
  name: 'Shop',
  email: 'support@shop.example',
  phone: '+91 98765 43210',
  address: ['12 MG Road', 'Bengaluru, Karnataka 560001', 'India'],
  socialLinks: [
    { label: 'Instagram', href: 'https://www.instagram.com/' },
    { label: 'YouTube', href: 'https://www.youtube.com/' },
    { label: 'Facebook', href: 'https://www.facebook.com/' },
  ],
} as const;
