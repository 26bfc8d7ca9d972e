#!/bin/sh
# Makes compose.yaml's secrets: deploy/env/{api,web,postgres,minio}.env with fresh random values, readable
# by their owner only, never committed (.gitignore). Stripe keys come from the environment when set
# (STRIPE_SECRET_KEY=sk_test_… STRIPE_PUBLISHABLE_KEY=pk_test_… deploy/make-env.sh), else placeholders
# that let the shop start but not take a payment; the seller's GST details likewise (GST_SELLER_NAME,
# _ADDRESS, _STATE, _GSTIN: placeholders print on every invoice until replaced).
# Refuses to overwrite: delete a file to make it again.
set -eu
dir=$(dirname "$0")/env
mkdir -p "$dir"
umask 077
random() { openssl rand -hex "$1"; }
write() {
  if [ -e "$dir/$1" ]; then echo "kept $dir/$1 (delete it to make a new one)"; return; fi
  cat > "$dir/$1"
  echo "wrote $dir/$1"
}
postgres_password=$(random 24)
minio_user=shop
minio_password=$(random 24)
if [ -e "$dir/postgres.env" ]; then postgres_password=$(sed -n 's/^POSTGRES_PASSWORD=//p' "$dir/postgres.env"); fi
if [ -e "$dir/minio.env" ]; then minio_password=$(sed -n 's/^MINIO_ROOT_PASSWORD=//p' "$dir/minio.env"); fi

write postgres.env <<END
POSTGRES_PASSWORD=$postgres_password
END
write minio.env <<END
MINIO_ROOT_USER=$minio_user
MINIO_ROOT_PASSWORD=$minio_password
END
write api.env <<END
DATABASE_URL=postgres://shop:$postgres_password@postgres:5432/shop
JWT_SECRET=$(openssl rand -base64 48 | tr -d '\n')
METRICS_TOKEN=$(random 24)
AWS_ACCESS_KEY_ID=$minio_user
AWS_SECRET_ACCESS_KEY=$minio_password
AWS_REGION=us-east-1
STRIPE_SECRET_KEY=${STRIPE_SECRET_KEY:-sk_test_replace_me}
GST_SELLER_NAME=${GST_SELLER_NAME:-Replace Me Retail Private Limited}
GST_SELLER_ADDRESS=${GST_SELLER_ADDRESS:-Replace with the registered address}
GST_SELLER_STATE=${GST_SELLER_STATE:-Maharashtra}
GST_SELLER_GSTIN=${GST_SELLER_GSTIN:-27AAAAA0000A1Z5}
END
write web.env <<END
STRIPE_PUBLISHABLE_KEY=${STRIPE_PUBLISHABLE_KEY:-pk_test_replace_me}
END
