from bench.concurrent.run import main

raise SystemExit(main())
