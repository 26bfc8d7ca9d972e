import type { ProductCategory } from '@shop/shared-api/schemas';

export interface SeedProduct {
  name: string;
  category: ProductCategory;
  /** Rupees. */
  price: number;
  stock: number;
  description: string;
}

/** The demo catalog: four or more products in each of the seven categories, ₹149 to ₹24,999, a few sold out. */
export const SEED_PRODUCTS: SeedProduct[] = [
  {
    name: 'AeroBook 14 Laptop (Intel i5, 16 GB, 512 GB SSD)',
    category: 'Laptop',
    price: 24999,
    stock: 12,
    description:
      'A 1.3 kg aluminium ultrabook with a 14-inch 2.2K display, backlit keyboard and a battery that lasts a full working day.',
  },
  {
    name: 'StudentPad 11 Chromebook',
    category: 'Laptop',
    price: 14499,
    stock: 20,
    description:
      'Rugged 11.6-inch Chromebook with spill-resistant keyboard, 8 GB RAM and 64 GB storage, made for classrooms.',
  },
  {
    name: 'Creator 15 Laptop (Ryzen 7, RTX 3050)',
    category: 'Laptop',
    price: 23990,
    stock: 0,
    description:
      'A 15.6-inch 144 Hz workhorse for editing and light gaming, with dual fans and a full-size numeric keypad.',
  },
  {
    name: 'Laptop Sleeve 14-inch, Water Resistant',
    category: 'Laptop',
    price: 799,
    stock: 60,
    description: 'Padded neoprene sleeve with a zip pocket for the charger; fits most 13 to 14-inch laptops.',
  },
  {
    name: 'TrailRunner Sports Shoes',
    category: 'Footwear',
    price: 2499,
    stock: 35,
    description:
      'Breathable mesh running shoes with a cushioned EVA sole and grippy rubber outsole for road and trail.',
  },
  {
    name: 'Classic Leather Loafers',
    category: 'Footwear',
    price: 3299,
    stock: 18,
    description:
      'Hand-stitched tan leather loafers with a soft cushioned footbed for office days and weddings alike.',
  },
  {
    name: 'Kolhapuri Chappals, Handmade',
    category: 'Footwear',
    price: 899,
    stock: 40,
    description: 'Traditional vegetable-tanned leather chappals handcrafted by artisans in Kolhapur.',
  },
  {
    name: 'Everyday Canvas Sneakers',
    category: 'Footwear',
    price: 1199,
    stock: 0,
    description:
      'Low-top white canvas sneakers with a vulcanised sole that go with jeans, chinos and shorts.',
  },
  {
    name: 'Slim Fit Stretch Jeans',
    category: 'Bottom',
    price: 1599,
    stock: 50,
    description: 'Mid-rise dark-wash denim with 2% elastane for all-day comfort and a modern slim fit.',
  },
  {
    name: 'Cotton Chino Trousers',
    category: 'Bottom',
    price: 1299,
    stock: 30,
    description: 'Garment-washed cotton chinos in khaki with a tapered leg, smart enough for the office.',
  },
  {
    name: 'Jogger Track Pants',
    category: 'Bottom',
    price: 749,
    stock: 45,
    description: 'Soft fleece-back joggers with a drawstring waist and zip pockets, for the gym or the sofa.',
  },
  {
    name: 'Linen Blend Shorts',
    category: 'Bottom',
    price: 649,
    stock: 25,
    description: 'Light, airy linen blend shorts for hot summer days, with an elasticated back waistband.',
  },
  {
    name: 'Pure Cotton Crew Neck T-Shirt',
    category: 'Tops',
    price: 399,
    stock: 120,
    description:
      'Bio-washed 180 GSM cotton tee that keeps its shape wash after wash. Available in six colours.',
  },
  {
    name: 'Oxford Button-Down Shirt',
    category: 'Tops',
    price: 1199,
    stock: 40,
    description:
      'A wardrobe essential in breathable Oxford cotton with a button-down collar and chest pocket.',
  },
  {
    name: 'Hooded Sweatshirt',
    category: 'Tops',
    price: 999,
    stock: 0,
    description: 'Brushed fleece hoodie with a kangaroo pocket and ribbed cuffs for cool evenings.',
  },
  {
    name: 'Block Print Kurti',
    category: 'Tops',
    price: 849,
    stock: 28,
    description: 'Straight-cut cotton kurti with Jaipur hand block prints and three-quarter sleeves.',
  },
  {
    name: 'Banarasi Silk Saree',
    category: 'Attire',
    price: 7999,
    stock: 8,
    description: 'Woven Banarasi silk saree with zari border and a matching unstitched blouse piece.',
  },
  {
    name: 'Cotton Kurta Pyjama Set',
    category: 'Attire',
    price: 1899,
    stock: 22,
    description: 'Festive off-white kurta with a mandarin collar and a comfortable churidar pyjama.',
  },
  {
    name: 'Nehru Jacket',
    category: 'Attire',
    price: 1499,
    stock: 15,
    description: 'Textured jute-blend Nehru jacket that dresses up any kurta or shirt.',
  },
  {
    name: 'Anarkali Dress',
    category: 'Attire',
    price: 2799,
    stock: 10,
    description: 'Flowing georgette Anarkali with embroidered yoke and a matching dupatta.',
  },
  {
    name: 'Mirrorless Camera 24 MP with 15-45 mm Lens',
    category: 'Camera',
    price: 22499,
    stock: 6,
    description:
      'Compact mirrorless camera with 4K video, flip screen for vlogging and fast hybrid autofocus.',
  },
  {
    name: 'Action Camera 4K Waterproof',
    category: 'Camera',
    price: 8999,
    stock: 14,
    description:
      'Rugged 4K60 action camera, waterproof to 10 m without a case, with electronic stabilisation.',
  },
  {
    name: 'Instant Film Camera',
    category: 'Camera',
    price: 5499,
    stock: 0,
    description:
      'Point, shoot and hold a credit-card-sized print in seconds. Automatic exposure and selfie mirror.',
  },
  {
    name: 'Camera Tripod 60-inch, Aluminium',
    category: 'Camera',
    price: 1299,
    stock: 30,
    description: 'Lightweight tripod with a three-way pan head, bubble level and phone holder.',
  },
  {
    name: 'Galaxy Note Lite 5G (8 GB, 128 GB)',
    category: 'SmartPhones',
    price: 18999,
    stock: 25,
    description:
      'A 6.6-inch 120 Hz AMOLED phone with a 50 MP camera and a 5,000 mAh battery with fast charging.',
  },
  {
    name: 'Pixel Mini 4a (6 GB, 128 GB)',
    category: 'SmartPhones',
    price: 15999,
    stock: 9,
    description: 'Clean software, three years of updates and a camera that shines in low light.',
  },
  {
    name: 'Budget Phone 4G (4 GB, 64 GB)',
    category: 'SmartPhones',
    price: 7499,
    stock: 50,
    description: 'Dependable everyday phone with dual SIM, a 6.5-inch display and two-day battery life.',
  },
  {
    name: 'Phone Case with Stand',
    category: 'SmartPhones',
    price: 149,
    stock: 200,
    description: 'Shock-absorbing TPU case with a fold-out kickstand for watching videos hands-free.',
  },
];

export const SEED_REVIEWERS = [
  { name: 'Priya Sharma', email: 'priya.sharma@example.com' },
  { name: 'Rahul Verma', email: 'rahul.verma@example.com' },
  { name: 'Ananya Iyer', email: 'ananya.iyer@example.com' },
  { name: 'Vikram Singh', email: 'vikram.singh@example.com' },
];

export const SEED_COMMENTS: Record<number, string[]> = {
  5: [
    'Excellent quality, exactly as described.',
    'Love it! Worth every rupee.',
    'Superb product and quick delivery.',
  ],
  4: ['Very good, minor issues with packaging.', 'Good value for money.', 'Happy with the purchase overall.'],
  3: ['Decent, but expected a bit more.', 'Average. Does the job.'],
  2: ['Not great, the size ran small.', 'Quality could be better for the price.'],
  1: ['Disappointed, would not buy again.'],
};
