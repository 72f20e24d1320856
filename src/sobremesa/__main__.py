from sobremesa.cli import main

raise SystemExit(main())
